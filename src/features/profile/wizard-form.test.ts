import { describe, expect, it } from 'vitest';
import { emptyWizardValues, profilePayload, profileResolver, wizardPayload, wizardResolver } from './wizard-form';

const run = async (resolver: typeof wizardResolver | typeof profileResolver, values: object) =>
  (await resolver(values as never, undefined, { fields: {}, shouldUseNativeValidation: false } as never)).errors as Record<string, { message?: string } | undefined>;

describe('profile forms (SPEC §5 through the server schema, issue #14)', () => {
  it('checks each wizard field with the UI-TEXT.md messages', async () => {
    const errors = await run(wizardResolver, emptyWizardValues());
    expect(errors.gender?.message).toBe('성별을 선택해주세요.');
    expect(errors.name?.message).toBe('이름과 나이를 입력해주세요.');
    expect(errors.age?.message).toBe('이름과 나이를 입력해주세요.');
    expect(errors.preferences?.message).toBe('선호하는 음식을 1개 이상 선택해주세요.');
    const tooOld = await run(wizardResolver, { ...emptyWizardValues('밥'), gender: 'male', age: 200, preferences: ['한식'] });
    expect(Object.keys(tooOld)).toEqual(['age']);
    expect(tooOld.age?.message).toBe('나이는 14부터 120까지 입력할 수 있어요.');
    expect(await run(wizardResolver, { ...emptyWizardValues('밥'), gender: 'female', age: 20, preferences: ['한식'] })).toEqual({});
  });

  it('the profile edit refuses a cleared age', async () => {
    const errors = await run(profileResolver, { name: '밥', age: null, bio: '', preferences: {}, profileImage: null, neighbourhood: null });
    expect(errors.age?.message).toBe('나이를 입력해주세요.');
  });

  it('drops gender, keeps the age an integer and sends every preference', () => {
    const body = wizardPayload({ ...emptyWizardValues(' 밥 '), gender: 'male', age: 27, preferences: ['일식'] });
    expect(body).not.toHaveProperty('gender');
    expect(body).toMatchObject({ name: '밥', age: 27, bio: null });
    expect(body.preferences['일식']).toBe(true);
    expect(body.preferences['한식']).toBe(false);
    expect(profilePayload({ name: '밥', age: 30, bio: ' 안녕 ', preferences: { 한식: true }, profileImage: null, neighbourhood: null })).toMatchObject({ bio: '안녕', age: 30 });
    expect(profilePayload({ name: '밥', age: 30, bio: '', preferences: {}, profileImage: null, neighbourhood: '역삼동' })).toMatchObject({ neighbourhood: '역삼동' });
    expect(profilePayload({ name: '밥', age: 30, bio: '', preferences: {}, profileImage: null, neighbourhood: null })).toMatchObject({ neighbourhood: null });
  });
});
