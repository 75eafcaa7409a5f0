import type { SeededAccounts } from './modules/accounts/accounts.seed';

/**
 * The demo and operator log-ins, framed: the last lines `npm start` prints. The operator's password
 * is known only at the start that created the account; later starts say how to get a new one.
 */
export function logInLines(accounts: SeededAccounts, databaseKind: 'pglite' | 'postgres'): string {
  const operator = accounts.operator.created
    ? [`  Operator:         ${accounts.operator.email} / ${accounts.operator.password}`]
    : [
        `  Operator:         ${accounts.operator.email} (password unchanged since it was created;`,
        `                    a new one: ${databaseKind === 'pglite' ? 'stop the server, then run' : 'run'} \`npm run operator-password\`)`,
      ];
  const frame = `  ${'─'.repeat(78)}`;
  return [
    '',
    frame,
    '  Log in with',
    `  Demo store owner: ${accounts.demo.email} / ${accounts.demo.password}`,
    ...operator,
    frame,
    '',
  ].join('\n');
}
