import { OPERATOR_ROLES, type OperatorRole } from '@kabuto/contract';
import { createDb, migrateToLatest } from '@kabuto/db';
import { loadEnv } from '../config.ts';
import { modeOf } from './mode.ts';
import { houseInviteCode, runOperatorCommand } from './operator.ts';

const USAGE = `Usage: npm run operator:create -- --name <name> [--role admin|operator|reviewer] [--password-stdin] [--reset]
       npm run operator:create -- --invite

Creates the first back-office operator (refused once one exists), or with --reset sets a new password for
<name> (creating it if absent) and signs it out everywhere. Without --password-stdin a password is
generated and printed here, once; it is never logged. With --password-stdin the first line of standard
input is the password (e.g. from a secret store: \`vault read … | npm run operator:create -- …\`).
With the first operator comes the house account, whose invite code (printed) opens registration on a
deployment without users; --invite prints it again (creating the account if missing). Every user's own
invite code is in the back office (Users).
The demo's server must be stopped first (its embedded database allows one process).`;

function parse(argv: string[]) {
  const out = {
    name: '',
    role: 'admin' as OperatorRole,
    passwordStdin: false,
    reset: false,
    invite: false,
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--name') out.name = argv[++i] ?? '';
    else if (a?.startsWith('--name=')) out.name = a.slice(7);
    else if (a === '--role') out.role = (argv[++i] ?? '') as OperatorRole;
    else if (a?.startsWith('--role=')) out.role = a.slice(7) as OperatorRole;
    else if (a === '--password-stdin') out.passwordStdin = true;
    else if (a === '--reset') out.reset = true;
    else if (a === '--invite') out.invite = true;
    else if (a === '--help' || a === '-h') out.help = true;
    else throw new Error(`unknown argument: ${a}`);
  }
  return out;
}

async function readFirstLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return (Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '').trim();
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (args.help || (!args.name && !args.invite)) {
    process.stdout.write(`${USAGE}\n`);
    return args.help ? 0 : 2;
  }
  if (!(OPERATOR_ROLES as readonly string[]).includes(args.role)) {
    process.stderr.write(`--role: one of ${OPERATOR_ROLES.join(', ')}\n`);
    return 2;
  }
  const env = loadEnv();
  if (modeOf(env) === 'production' && !env.DATABASE_URL) {
    process.stderr.write(
      'DATABASE_URL: production runs on PostgreSQL; set it to the database of the servers\n',
    );
    return 1;
  }
  const password = args.passwordStdin ? await readFirstLine() : null;
  if (args.passwordStdin && !password) {
    process.stderr.write('--password-stdin: standard input was empty\n');
    return 2;
  }
  const handle = await createDb({ url: env.DATABASE_URL, dataDir: `${env.DATA_DIR}/pglite`, poolSize: 2 });
  try {
    await migrateToLatest(handle.db);
    if (args.invite && !args.name) {
      process.stdout.write(`Invite code (house account): ${await houseInviteCode(handle.db)}\n`);
      return 0;
    }
    const r = await runOperatorCommand(
      handle.db,
      { name: args.name, role: args.role, password, reset: args.reset },
      { memoryCost: env.ARGON2_MEMORY_KIB, timeCost: env.ARGON2_TIME_COST },
    );
    if (!r.ok) {
      process.stderr.write(`Refused: ${r.message}\n`);
      return 1;
    }
    const what = r.action === 'created' ? 'created' : 'has a new password (its sessions are ended)';
    process.stdout.write(
      r.generated
        ? `Operator ${r.name} ${what}.\nPassword: ${r.password}\n(shown this once and never logged; sign in at /admin/ and add a passkey)\n`
        : `Operator ${r.name} ${what} with the password from standard input.\n`,
    );
    if (r.inviteCode)
      process.stdout.write(
        `Invite code for the first registrations (house account): ${r.inviteCode}\n(again any time: npm run operator:create -- --invite)\n`,
      );
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`operator:create failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
