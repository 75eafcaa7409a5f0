import { loadConfig } from '../../config';
import { runOperatorPasswordReset } from './operator-password';

// `npm run operator-password`: a new password for the operator account on the configured database
// (OPERATOR_PASSWORD, or a random one), printed here; the operator's open sessions end.
try {
  const { email, password } = await runOperatorPasswordReset(loadConfig());
  console.log(
    ['', '  New operator password (the operator was logged out everywhere):', `    ${email} / ${password}`, ''].join(
      '\n',
    ),
  );
} catch (err) {
  console.error(`Operator password not changed: ${(err as Error).message}`);
  process.exit(1);
}
