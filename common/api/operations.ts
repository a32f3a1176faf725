/**
 * Every operation of the HTTP API in one record (issue #29 item 1): the server registers exactly
 * these (server/contract.test.ts), the client calls them. Add each area's operations here.
 */
import * as account from './account.ts';
import * as auth from './auth.ts';
import * as authProviders from './auth-providers.ts';
import * as blocks from './blocks.ts';
import * as images from './images.ts';
import * as oauth from './oauth.ts';
import * as users from './users.ts';
import * as venues from './venues.ts';
import * as featured from './featured.ts';
import * as push from './push.ts';
import * as share from './share.ts';
import * as board from './board.ts';
import * as chat from './chat.ts';
import * as matches from './matches.ts';
import * as notifications from './notifications.ts';
import * as reports from './reports.ts';
import * as reviews from './reviews.ts';
import * as schedules from './schedules.ts';
import * as table from './table.ts';
import type { OperationSpec } from './operation.ts';

const pick = <T extends Record<string, unknown>>(module: T) =>
  Object.fromEntries(Object.entries(module).filter(([, v]) => typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'errors' in v)) as {
    [K in keyof T as T[K] extends OperationSpec ? K : never]: T[K];
  };

/** Every operation by name (`blockMember`, `listBlocks`, …). Names are unique across areas. */
export const operations = {
  ...pick(blocks),
  ...pick(share),
  ...pick(featured),
  ...pick(push),
  ...pick(schedules),
  ...pick(matches),
  ...pick(chat),
  ...pick(table),
  ...pick(board),
  ...pick(reviews),
  ...pick(reports),
  ...pick(notifications),
  ...pick(auth),
  ...pick(authProviders),
  ...pick(oauth),
  ...pick(account),
  ...pick(users),
  ...pick(images),
  ...pick(venues),
};

/** The name of an operation. */
export type OperationName = keyof typeof operations;
