import { describe, expect, it } from 'vitest';
import { emptyWizardForm, toProfileUpdate, validateStep } from './wizard-form';

describe('wizard form', () => {
  it('validates each step with the SPEC §5 messages', () => {
    const form = emptyWizardForm();
    expect(validateStep(1, form)).toBe('성별을 선택해주세요.');
    expect(validateStep(1, { ...form, gender: 'female' })).toBeNull();
    expect(validateStep(2, { ...form, name: '밥', age: '' })).toBe('이름과 나이를 입력해주세요.');
    expect(validateStep(2, { ...form, name: ' ', age: '20' })).toBe('이름과 나이를 입력해주세요.');
    expect(validateStep(2, { ...form, name: '밥', age: '20' })).toBeNull();
    expect(validateStep(3, { ...form, preferences: { 한식: false } })).toBe('선호하는 음식을 1개 이상 선택해주세요.');
    expect(validateStep(3, { ...form, preferences: { 한식: true } })).toBeNull();
    expect(validateStep(4, form)).toBeNull();
  });

  it('drops gender and turns age into an integer or null', () => {
    const body = toProfileUpdate({ ...emptyWizardForm('밥'), gender: 'male', age: '27', preferences: { 일식: true } });
    expect(body).not.toHaveProperty('gender');
    expect(body.age).toBe(27);
    expect(body.preferences['일식']).toBe(true);
    expect(body.preferences['한식']).toBe(false);
    expect(toProfileUpdate({ ...emptyWizardForm('밥'), age: '' }).age).toBeNull();
  });
});
