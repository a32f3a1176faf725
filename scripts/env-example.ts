/** `npm run env:example`: writes .env.example from server/config.ts (`envExample`; issue #20 item 1). */
import { writeFileSync } from 'node:fs';
import { envExample } from '../server/config.ts';

writeFileSync(new URL('../.env.example', import.meta.url), envExample());
console.log('.env.example written');
