/**
 * One place where auth failures become the Korean messages of UI-TEXT.md / SPEC §8.
 */
import { format, ko } from '@/i18n/ko';
import { errorMessage, isApiError } from '@/lib/api-client';

export function loginErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 401 || error.status === 400) return ko.auth.loginFailed;
    if (error.serverMessage) return error.serverMessage;
  }
  return ko.auth.loginError;
}

export function registerErrorMessage(error: unknown): string {
  return isApiError(error) && error.serverMessage ? format(ko.auth.registerFailed, { message: error.serverMessage }) : ko.auth.registerError;
}

export function sendCodeErrorMessage(error: unknown): string {
  if (isApiError(error) && (error.status === 409 || error.status === 429) && error.serverMessage) return error.serverMessage;
  return ko.auth.sendCodeFailed;
}

export function verifyErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 429 && error.serverMessage) return error.serverMessage;
  return ko.auth.codeIncorrect;
}

export function genericErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 0) return ko.app.networkError;
  return errorMessage(error, ko.app.genericError);
}
