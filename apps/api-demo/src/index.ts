/**
 * The Gallop API's demo mode (decision 105): what `DEMO_DATA=on` adds to the API. The API loads
 * this module only through `loadDemoPlugin` (apps/api/src/demo/plugin.ts).
 */
import type { DemoPlugin } from '@gallop/api/src/demo/plugin.ts';
import { createMediaRenderer } from './media/renderer.ts';
import { seedDatabase } from './seed/index.ts';

export const demoPlugin: DemoPlugin = { seedDatabase, mediaRenderer: createMediaRenderer };

// The demo accounts, for tests that sign in as them.
export { DEMO_TRAVELLER } from './seed/accounts.ts';
export { DEMO_ORGANIZER, DEMO_SUPPORT } from './seed/chat.ts';
export { DEMO_OFFER_UUID } from './seed/tours.ts';
export { MESSENGERS as DEMO_MESSENGERS } from './seed/content/site.ts';
