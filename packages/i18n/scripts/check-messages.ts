// Checks languages' message files against English: `npm run check-messages --workspace packages/i18n -- de fr`
// (no codes: every language). Prints each problem and exits 1 if there is any.
import { catalogueProblems } from '../src/check-catalogue.js';
import { isLocaleCode, localeCodes } from '../src/locales.js';
import { messageFilePath, readMessageFile } from '../src/message-files.js';

const requested = process.argv.slice(2);
const unknown = requested.filter((code) => !isLocaleCode(code));
if (unknown.length > 0) {
  console.error(`Unknown language codes: ${unknown.join(', ')} (known: ${localeCodes.join(', ')})`);
  process.exit(2);
}
const english = readMessageFile('en');
if (!english) throw new Error(`${messageFilePath('en')} is missing`);
let failed = false;
for (const code of requested.length > 0 ? requested.filter(isLocaleCode) : localeCodes.filter((c) => c !== 'en')) {
  const translated = readMessageFile(code);
  const problems = translated ? catalogueProblems(code, english, translated) : [`${messageFilePath(code)} is missing`];
  console.log(problems.length === 0 ? `${code}: ok (${Object.keys(english).length} messages)` : `${code}:`);
  for (const problem of problems) console.log(`  ${problem}`);
  failed ||= problems.length > 0;
}
process.exit(failed ? 1 : 0);
