/**
 * The setup wizard's form (SPEC §3 "Setup wizard form") and each step's check (SPEC §5).
 */
import type { Preferences, ProfileUpdateBody } from '@common/api/users';
import { AGE_MAX, AGE_MIN } from '@common/domain/account';
import { PREFERENCES } from '@common/domain/vocabulary';
import { ko } from '@/i18n/ko';

export type Gender = 'male' | 'female';
export const WIZARD_STEPS = 4;
export type WizardStep = 1 | 2 | 3 | 4;

export interface WizardForm {
  gender: Gender | null;
  name: string;
  age: string;
  preferences: Preferences;
  profileImage: string | null;
  bio: string;
}

export function emptyWizardForm(name = ''): WizardForm {
  return { gender: null, name, age: '', preferences: {}, profileImage: null, bio: '' };
}

/** Age as an integer, or null when blank or not a whole number. */
export function parseAge(age: string): number | null {
  const trimmed = age.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  return Number.parseInt(trimmed, 10);
}

export function isValidAge(age: string): boolean {
  const n = parseAge(age);
  return n !== null && n >= AGE_MIN && n <= AGE_MAX;
}

/** The message that blocks advancing from `step`, or null when the step passes. */
export function validateStep(step: WizardStep, form: WizardForm): string | null {
  switch (step) {
    case 1:
      return form.gender ? null : ko.setup.selectGender;
    case 2:
      return form.name.trim() && isValidAge(form.age) ? null : ko.setup.enterNameAge;
    case 3:
      return Object.values(form.preferences).some(Boolean) ? null : ko.setup.selectPreference;
    case 4:
      return null;
  }
}

/** Every preference label with its on/off value. */
export function fullPreferences(preferences: Preferences): Preferences {
  return Object.fromEntries(PREFERENCES.map((p) => [p, Boolean(preferences[p])])) as Preferences;
}

/** The payload of `PUT /api/user/profile`: gender removed, age an integer or null. */
export function toProfileUpdate(form: WizardForm): ProfileUpdateBody {
  const bio = form.bio.trim();
  return {
    name: form.name.trim(),
    age: parseAge(form.age),
    bio: bio ? bio : null,
    profileImage: form.profileImage,
    preferences: fullPreferences(form.preferences),
  };
}
