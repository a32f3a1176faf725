#!/usr/bin/env node
/**
 * Makes sure the Chromium the end-to-end tests drive is present. Browsers are never downloaded:
 * we use Debian's package.
 *
 * - CHROMIUM_PATH set: that executable must exist (nothing is installed).
 * - /usr/bin/chromium exists: done.
 * - running as root: `apt-get update && apt-get install -y chromium`, then check again.
 * - otherwise: say how to install it and exit 1.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function run(command, args) {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    console.error(`${command} exited with ${result.status ?? result.signal}`);
    process.exit(1);
  }
}

const override = process.env.CHROMIUM_PATH;
if (override) {
  if (isExecutable(override)) {
    console.log(`Chromium: ${override} (CHROMIUM_PATH)`);
    process.exit(0);
  }
  console.error(`CHROMIUM_PATH=${override} is not an executable file.`);
  process.exit(1);
}

if (isExecutable(DEBIAN_CHROMIUM)) {
  console.log(`Chromium: ${DEBIAN_CHROMIUM}`);
  process.exit(0);
}

if (typeof process.getuid === 'function' && process.getuid() === 0) {
  console.log("Debian's Chromium is missing: installing it with apt-get.");
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', 'chromium']);
  if (isExecutable(DEBIAN_CHROMIUM)) {
    console.log(`Chromium: ${DEBIAN_CHROMIUM} (installed)`);
    process.exit(0);
  }
  console.error(`apt-get finished but ${DEBIAN_CHROMIUM} is still missing.`);
  process.exit(1);
}

console.error("Debian's Chromium is missing: run `sudo apt-get update && sudo apt-get install -y chromium`");
process.exit(1);
