// Writes the catalogue's English texts (tool names, descriptions, options, error messages) into
// messages/en.json under their keys, keeping the site's own messages: `npm run extract-messages --workspace
// packages/i18n`. A test fails while en.json and the catalogue differ.
import { writeFileSync } from 'node:fs';
import { catalogueMessages } from '@paperknife/catalog/catalogue-messages';
import { messageFilePath, readMessageFile } from '../src/message-files.js';
import { withCatalogueMessages } from '../src/english-messages.js';

const english = readMessageFile('en') ?? {};
writeFileSync(
  messageFilePath('en'),
  `${JSON.stringify(withCatalogueMessages(english, catalogueMessages()), null, 2)}\n`,
);
console.log(`${messageFilePath('en')}: ${Object.keys(catalogueMessages()).length} catalogue messages written`);
