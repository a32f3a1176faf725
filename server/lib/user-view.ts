/**
 * How a member row is answered (SPEC §3 User, common/api/users.ts). Shared by the auth and users
 * modules so both answer the same shape.
 */
import type { User } from '../../common/api/users.ts';
import type { UserRow } from '../db/schema.ts';
import { consentRequired } from '../../common/domain/legal.ts';

/** `averageRating = ratingSum / reviewCount`, 0 when the member has no reviews. */
export function averageRating(ratingSum: number, reviewCount: number): number {
  return reviewCount > 0 ? ratingSum / reviewCount : 0;
}

/** The API view of a member row (never the password hash or token version). */
export function toUser(row: UserRow, role: 'admin' | 'member' = 'member'): User {
  return {
    id: row.id,
    name: row.name,
    // null only for a deleted member (issue #17), who is never answered as themselves
    email: row.email ?? '',
    age: row.age,
    bio: row.bio,
    profileImage: row.profileImage,
    preferences: row.preferences ?? {},
    neighbourhood: row.neighbourhood,
    reviewCount: row.reviewCount,
    averageRating: averageRating(row.ratingSum, row.reviewCount),
    isNewUser: row.isNewUser,
    hasPassword: row.passwordHash !== null,
    safetyGuideSeen: row.safetyGuideSeenAt !== null,
    consentRequired: consentRequired(row),
    role,
  };
}

/** Lower-cases and trims an e-mail address; accounts and codes are keyed on this form. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** True when a database error is a unique-constraint violation (SQLSTATE 23505) on either driver. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
