/**
 * The profile forms (SPEC §3 "Setup wizard form", §5; issue #14): schemas composed from the
 * server's `ProfileUpdateBody` (common/api/users.ts) for react-hook-form's `koreanResolver`,
 * each step's fields, and the payload of `PUT /api/user/profile`.
 */
import { Type } from 'typebox';
import { ProfileUpdateBody, type Preferences } from '@common/api/users';
import { BIO_MAX } from '@common/domain/account';
import { PREFERENCES, type Preference } from '@common/domain/vocabulary';
import { ko } from '@/i18n/ko';
import { fieldErrorMessage, koreanResolver } from '@/lib/forms/korean-resolver';

export type Gender = 'male' | 'female';
export const WIZARD_STEPS = 4;
export type WizardStep = 1 | 2 | 3 | 4;

/**
 * The age as the form holds it: the server's integer (14–120). The wizard requires it (SPEC §5
 * step 2), so the profile edit may change it but not clear it: an empty input is `null`, refused.
 */
const RequiredAge = ProfileUpdateBody.properties.age.anyOf[0];

/** An age input's value: '' → null (missing), otherwise the number typed. */
export const ageFromInput = (value: unknown): number | null => (value === '' || value === null || value === undefined ? null : Number(value));

export interface WizardValues {
  gender: Gender | null;
  name: string;
  age: number | null;
  /** The chosen labels (at least one: SPEC §5 step 3). */
  preferences: Preference[];
  profileImage: string | null;
  bio: string;
}

export const WizardSchema = Type.Object(
  {
    gender: Type.Union([Type.Literal('male'), Type.Literal('female')]),
    name: ProfileUpdateBody.properties.name,
    age: RequiredAge,
    preferences: Type.Array(Type.Union(PREFERENCES.map((p) => Type.Literal(p))), { minItems: 1 }),
    profileImage: ProfileUpdateBody.properties.profileImage,
    bio: Type.String({ maxLength: BIO_MAX }),
  },
  { additionalProperties: false },
);

/** The fields each step checks before advancing (SPEC §4 "Wizard", §5). */
export const STEP_FIELDS: Record<WizardStep, (keyof WizardValues)[]> = {
  1: ['gender'],
  2: ['name', 'age'],
  3: ['preferences'],
  4: ['profileImage'],
};

/** The step that shows `field` (a server 400 naming it sends the member back there). */
export function stepOf(field: string): WizardStep | null {
  for (const step of [1, 2, 3, 4] as const) if ((STEP_FIELDS[step] as string[]).includes(field)) return step;
  return null;
}

const selectGender = { type: ko.setup.selectGender, const: ko.setup.selectGender, anyOf: ko.setup.selectGender };

export const wizardResolver = koreanResolver<WizardValues>(
  WizardSchema,
  { gender: ko.setup.stepGender, name: ko.setup.name, age: ko.setup.age, preferences: ko.profile.preferences, profileImage: ko.profile.image, bio: ko.profile.bio },
  {
    // UI-TEXT.md's own words for each step's check.
    gender: selectGender,
    name: { minLength: ko.setup.enterNameAge, required: ko.setup.enterNameAge },
    age: { type: ko.setup.enterNameAge, required: ko.setup.enterNameAge },
    preferences: { minItems: ko.setup.selectPreference },
  },
);

export function emptyWizardValues(name = ''): WizardValues {
  return { gender: null, name, age: null, preferences: [], profileImage: null, bio: '' };
}

/** The profile edit (내 정보): the member's own fields; the age may not be cleared. */
export interface ProfileValues {
  name: string;
  age: number | null;
  bio: string;
  preferences: Preferences;
  profileImage: string | null;
  /** Issue #31 item 2: the 동네 distance is measured from (a name of common/domain/neighbourhoods.ts), null for none. */
  neighbourhood: string | null;
}

export const ProfileSchema = Type.Object(
  {
    name: ProfileUpdateBody.properties.name,
    age: RequiredAge,
    bio: Type.String({ maxLength: BIO_MAX }),
    preferences: ProfileUpdateBody.properties.preferences,
    profileImage: ProfileUpdateBody.properties.profileImage,
    neighbourhood: ProfileUpdateBody.properties.neighbourhood,
  },
  { additionalProperties: false },
);

export const profileResolver = koreanResolver<ProfileValues>(
  ProfileSchema,
  { name: ko.profile.name, age: ko.profile.age, bio: ko.profile.bio, profileImage: ko.profile.image, neighbourhood: ko.profile.neighbourhood },
  { age: { type: fieldErrorMessage(ko.profile.age, 'required') } },
);

/** Every preference label with its on/off value. */
export function fullPreferences(preferences: Preferences): Preferences {
  return Object.fromEntries(PREFERENCES.map((p) => [p, Boolean(preferences[p])])) as Preferences;
}

/** The labels that are on. */
export function chosenPreferences(preferences: Preferences): Preference[] {
  return PREFERENCES.filter((p) => preferences[p]);
}

/** The chosen labels as the server's map. */
export function preferenceMap(chosen: readonly Preference[]): Preferences {
  return Object.fromEntries(PREFERENCES.map((p) => [p, chosen.includes(p)])) as Preferences;
}

/** A trimmed bio, null when blank. */
const bioOrNull = (bio: string): string | null => bio.trim() || null;

/** The payload of `PUT /api/user/profile` from the wizard: gender removed, age an integer. */
export function wizardPayload(values: WizardValues): ProfileUpdateBody {
  return { name: values.name.trim(), age: values.age, bio: bioOrNull(values.bio), profileImage: values.profileImage, preferences: preferenceMap(values.preferences) };
}

/** The payload of `PUT /api/user/profile` from the profile edit (the 동네 too: null clears it). */
export function profilePayload(values: ProfileValues): ProfileUpdateBody {
  return {
    name: values.name.trim(),
    age: values.age,
    bio: bioOrNull(values.bio),
    profileImage: values.profileImage,
    preferences: fullPreferences(values.preferences),
    neighbourhood: values.neighbourhood,
  };
}
