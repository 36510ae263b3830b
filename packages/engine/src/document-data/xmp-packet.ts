import { type MetadataField, isoFromPdfDate } from '@paperknife/catalog/document-metadata';

/**
 * Brings an XMP packet in line with the document information dictionary: the properties that mirror its fields are
 * taken out wherever they are written (as elements or as attributes), and the fields that have a value are written
 * again in one description of their own. Everything else in the packet (PDF/A identification, other schemas) stays.
 * Undefined when the packet cannot be read as RDF: the caller removes it rather than leave it disagreeing.
 */
export function alignXmp(packet: string, values: Partial<Record<MetadataField, string>>): string | undefined {
  if (!/<\/rdf:RDF>/.test(packet)) return undefined;
  let text = packet;
  for (const property of Object.values(xmpProperties).flat()) {
    const name = property.replace(':', '\\:');
    text = text
      .replace(new RegExp(`<${name}(\\s[^>]*)?/>`, 'g'), '')
      .replace(new RegExp(`<${name}(\\s[^>]*)?>[\\s\\S]*?</${name}>`, 'g'), '')
      .replace(new RegExp(`\\s${name}\\s*=\\s*("[^"]*"|'[^']*')`, 'g'), '');
  }
  const elements = Object.entries(values).flatMap(([field, value]) =>
    value ? xmpElements(field as MetadataField, value) : [],
  );
  if (elements.length === 0) return text;
  const description =
    '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:xmp="http://ns.adobe.com/xap/1.0/">\n' +
    elements.map((element) => `  ${element}\n`).join('') +
    '</rdf:Description>\n';
  return text.replace(/<\/rdf:RDF>/, `${description}</rdf:RDF>`);
}

/** The XMP properties that mirror each Info field (keywords: pdf:Keywords, and dc:subject as Acrobat writes them). */
const xmpProperties: Record<MetadataField, readonly string[]> = {
  title: ['dc:title'],
  author: ['dc:creator'],
  subject: ['dc:description'],
  keywords: ['pdf:Keywords', 'dc:subject'],
  creator: ['xmp:CreatorTool'],
  producer: ['pdf:Producer'],
  creationDate: ['xmp:CreateDate'],
  modDate: ['xmp:ModifyDate'],
};

function xmpElements(field: MetadataField, value: string): string[] {
  const text = escapeXml(value);
  const alt = (name: string) => `<${name}><rdf:Alt><rdf:li xml:lang="x-default">${text}</rdf:li></rdf:Alt></${name}>`;
  switch (field) {
    case 'title':
      return [alt('dc:title')];
    case 'subject':
      return [alt('dc:description')];
    case 'author':
      return [`<dc:creator><rdf:Seq><rdf:li>${text}</rdf:li></rdf:Seq></dc:creator>`];
    case 'keywords': {
      const words = value
        .split(/[,;]/)
        .map((word) => word.trim())
        .filter(Boolean);
      const bag = words.map((word) => `<rdf:li>${escapeXml(word)}</rdf:li>`).join('');
      return [`<pdf:Keywords>${text}</pdf:Keywords>`, `<dc:subject><rdf:Bag>${bag}</rdf:Bag></dc:subject>`];
    }
    case 'creator':
      return [`<xmp:CreatorTool>${text}</xmp:CreatorTool>`];
    case 'producer':
      return [`<pdf:Producer>${text}</pdf:Producer>`];
    case 'creationDate':
    case 'modDate': {
      const iso = isoFromPdfDate(value);
      const name = field === 'creationDate' ? 'xmp:CreateDate' : 'xmp:ModifyDate';
      return iso ? [`<${name}>${iso}</${name}>`] : [];
    }
  }
}

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
