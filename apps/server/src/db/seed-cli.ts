import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase, runMigrations } from './client';
import { eq } from 'drizzle-orm';
import { seedDemoContactLists } from '../features/campaigns/campaigns.seed';
import { users } from './schema';

/** `npm run db:seed`: a demo account with a complete profile (sign in as it through the dev mailbox). */
const config = loadConfig();
if (config.env === 'production' && !process.argv.includes('--force')) {
  console.error('Refusing to seed a production database without --force.');
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
try {
  await runMigrations(database);
  const inserted = await database.db
    .insert(users)
    .values({
      email: 'demo@tradingportal.local',
      name: 'Demo Trader',
      phone: '+1 555 0100',
      company: 'Demo Exports Ltd',
      position: 'Export Manager',
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  console.log(inserted.length ? 'seeded demo@tradingportal.local' : 'demo@tradingportal.local already exists');
  const [demo] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'demo@tradingportal.local'));
  if (await seedDemoContactLists(database.db, demo!.id)) {
    console.log('seeded the demo account’s contact lists: traders 245, investors 156, newsletter 1024, vip 42');
  }
} finally {
  await database.close();
}
