/**
 * License keys for operators.
 *
 *   npm run license:keygen
 *       prints a new Ed25519 pair: LICENSE_PUBLIC_KEY (set it on the server) and LICENSE_PRIVATE_KEY
 *       (keep it secret, off the server; it only signs).
 *   LICENSE_PRIVATE_KEY=… npm run license:issue -- --tier developer --licensee "Acme Ltd" [--days 365 | --expires 2027-06-30] [--id lic_acme_1]
 *       prints a signed license key.
 */
import { parseArgs } from 'node:util';
import {
  LICENSED_TIERS,
  SHIPPED_LICENSE_PUBLIC_KEY,
  spkiBase64,
  verifyLicenseKey,
  type LicensedTier,
} from '@tp/shared';
import { generateLicenseKeyPair, issueLicenseKey, publicKeyOf } from '../src/features/license/license-signing';

const DAY_MS = 86_400_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function issue(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      tier: { type: 'string' },
      licensee: { type: 'string' },
      days: { type: 'string' },
      expires: { type: 'string' },
      id: { type: 'string' },
    },
    strict: true,
  });
  const privateKey = process.env.LICENSE_PRIVATE_KEY;
  if (!privateKey) fail('LICENSE_PRIVATE_KEY is not set (make a pair with: npm run license:keygen)');
  const tier = values.tier as LicensedTier;
  if (!LICENSED_TIERS.includes(tier)) fail(`--tier must be one of: ${LICENSED_TIERS.join(', ')}`);
  const licensee = values.licensee?.trim();
  if (!licensee || licensee.length > 200) fail('--licensee is required (at most 200 characters)');
  if (values.days && values.expires) fail('give --days or --expires, not both');
  const days = values.days ? Number(values.days) : 365;
  if (!Number.isInteger(days) || days < 1 || days > 3660) fail('--days must be a whole number from 1 to 3660');
  const expiresAt = values.expires ? new Date(`${values.expires}T23:59:59Z`) : new Date(Date.now() + days * DAY_MS);
  if (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= Date.now())
    fail('--expires must be a future date, YYYY-MM-DD');

  let key: string;
  try {
    key = await issueLicenseKey(privateKey, { tier, licensee, expiresAt, id: values.id });
  } catch (error) {
    fail(`LICENSE_PRIVATE_KEY is not a usable Ed25519 private key: ${(error as Error).message}`);
  }
  const trusted = spkiBase64(process.env.LICENSE_PUBLIC_KEY || SHIPPED_LICENSE_PUBLIC_KEY);
  const check = await verifyLicenseKey(key, { publicKey: trusted });
  if (check.status !== 'active' && check.status !== 'expiring') {
    console.error(
      `Note: a server with ${process.env.LICENSE_PUBLIC_KEY ? 'this LICENSE_PUBLIC_KEY' : 'the shipped public key'} will not accept this key. ` +
        `Set LICENSE_PUBLIC_KEY=${publicKeyOf(privateKey)} on the server.`,
    );
  }
  console.log(key);
}

function keygen(): void {
  const { publicKey, privateKey } = generateLicenseKeyPair();
  console.log(`LICENSE_PUBLIC_KEY=${publicKey}`);
  console.log(`LICENSE_PRIVATE_KEY=${privateKey}`);
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'issue') await issue(rest);
else if (command === 'keygen') keygen();
else
  fail(
    'usage: license.ts issue --tier <developer|team|enterprise> --licensee <name> [--days N | --expires YYYY-MM-DD] [--id ID]\n       license.ts keygen',
  );
