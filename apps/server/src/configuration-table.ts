import { type EnvironmentVariable, environmentVariables } from './env.js';

/**
 * The README's configuration table, written from `env.ts` (and the catalogue's limits) so the documented
 * variables are the ones read. `npm run readme:configuration --workspace apps/server` rewrites it; a test fails
 * when the README differs.
 */

/**
 * Variables the website reads when it is built (apps/web/site-config.build.ts), not the server. Listed here so
 * the one table shows every setting; a test checks the site reads exactly these.
 */
export const siteBuildVariables: readonly EnvironmentVariable[] = [
  {
    name: 'PAPERKNIFE_SITE_URL',
    default: 'http://localhost:3000',
    describe: 'public origin used in canonical links and the sitemap (site build)',
  },
  {
    name: 'PAPERKNIFE_SOURCE_URL',
    default: 'https://github.com/paperknife/paperknife',
    describe: "where the footer's source-code link points (site build)",
  },
  {
    name: 'PAPERKNIFE_SUPPORT_EMAIL',
    default: 'support@paperknife.app',
    describe: 'the support address shown on the site (site build)',
  },
];

export const TABLE_START =
  '<!-- configuration-table: written by `npm run readme:configuration --workspace apps/server` -->';
export const TABLE_END = '<!-- /configuration-table -->';

export function configurationTable(): string {
  const rows = [...environmentVariables, ...siteBuildVariables].map(
    (variable) => `| \`${variable.name}\` | ${formatDefault(variable.default)} | ${variable.describe} |`,
  );
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** A literal value in code format; a described default ("number of CPU cores") as words. */
function formatDefault(value: string): string {
  return /^[\w$./:@-]+$/.test(value) || value === '*' ? `\`${value}\`` : value;
}

/** The README with the text between the table's markers replaced by the current table. */
export function withConfigurationTable(readme: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start === -1 || end < start) throw new Error(`README.md has no ${TABLE_START} ... ${TABLE_END} section`);
  return `${readme.slice(0, start + TABLE_START.length)}\n${configurationTable()}\n${readme.slice(end)}`;
}
