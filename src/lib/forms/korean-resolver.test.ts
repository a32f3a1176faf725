import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { LoginBody, RegisterBody } from '@common/api/auth';
import { ProfileUpdateBody } from '@common/api/users';
import { applyServerFieldError, fieldErrorMessage, koreanResolver } from './korean-resolver';

const run = async (resolver: ReturnType<typeof koreanResolver>, values: Record<string, unknown>) =>
  resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false } as never);

describe('koreanResolver (issue #14: the server schemas, Korean messages)', () => {
  it('a short password says how long it must be, from the schema', async () => {
    const resolver = koreanResolver(RegisterBody, { name: '이름', email: '이메일', password: '비밀번호' });
    const { errors } = await run(resolver, { name: '민수', email: 'minsu@example.com', password: 'short' });
    expect(errors.password?.message).toBe('비밀번호는 8자 이상이어야 해요.');
    expect(Object.keys(errors)).toEqual(['password']);
  });

  it('names each field with the right particle, and keeps valid values', async () => {
    const resolver = koreanResolver(RegisterBody, { name: '이름', email: '이메일', password: '비밀번호' });
    const { errors, values } = await run(resolver, { name: '', email: 'not-an-email', password: 'long-enough-1' });
    expect(errors.name?.message).toBe('이름을 입력해주세요.');
    expect(errors.email?.message).toBe('이메일 주소 형식이 올바르지 않아요.');
    expect(values).toEqual({});
    const ok = await run(resolver, { name: '민수', email: 'minsu@example.com', password: 'long-enough-1' });
    expect(ok.errors).toEqual({});
    expect(ok.values).toMatchObject({ name: '민수' });
  });

  it('numbers quote their range; a per-field override wins', async () => {
    const resolver = koreanResolver(ProfileUpdateBody, { name: '이름', age: '나이' }, { name: { minLength: '닉네임을 적어주세요.' } });
    const { errors } = await run(resolver, { name: '', age: 200, preferences: {} });
    expect(errors.age?.message).toBe('나이는 14부터 120까지 입력할 수 있어요.');
    expect(errors.name?.message).toBe('닉네임을 적어주세요.');
  });

  it('a missing field is asked for', async () => {
    const resolver = koreanResolver(LoginBody, { email: '이메일', password: '비밀번호' });
    const { errors } = await run(resolver, { email: 'a@b.co' });
    expect(errors.password?.message).toBe('비밀번호를 입력해주세요.');
  });

  it('fieldErrorMessage covers lengths and formats', () => {
    expect(fieldErrorMessage('제목', 'maxLength', { maxLength: 100 })).toBe('제목은 100자까지 쓸 수 있어요.');
    expect(fieldErrorMessage('리뷰', 'minLength', { minLength: 1 })).toBe('리뷰를 입력해주세요.');
    expect(fieldErrorMessage('날짜', 'pattern')).toBe('날짜를 확인해주세요.');
    expect(fieldErrorMessage('인원', 'minimum', { minimum: 2 })).toBe('인원은 2 이상이어야 해요.');
    expect(koreanResolver(Type.Object({ a: Type.String() }), {})).toBeTypeOf('function');
  });
});

describe('applyServerFieldError', () => {
  it('puts a 400 naming a field of the form on that field, and nothing else', () => {
    const calls: unknown[] = [];
    const setError = (name: never, error: unknown) => void calls.push([name, error]);
    expect(applyServerFieldError({ status: 400, field: 'age', serverMessage: "'나이'(age) 값이 올바르지 않습니다." }, ['name', 'age'], setError)).toBe(true);
    expect(calls).toEqual([['age', { type: 'server', message: "'나이'(age) 값이 올바르지 않습니다." }]]);
    expect(applyServerFieldError({ status: 400, field: 'latitude', serverMessage: 'x' }, ['name'], setError)).toBe(false);
    expect(applyServerFieldError({ status: 409, field: 'name', serverMessage: 'x' }, ['name'], setError)).toBe(false);
    expect(applyServerFieldError(new Error('x'), ['name'], setError)).toBe(false);
  });
});
