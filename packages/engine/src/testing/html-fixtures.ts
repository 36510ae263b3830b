import { type Zippable, zipSync } from 'fflate';
import sharp from 'sharp';

/** Generated HTML uploads for the HTML to PDF tests: pages, sites in a ZIP, and ZIPs that must be refused. */

const encoder = new TextEncoder();

/** The words the malicious page shows, to find it in the PDF. */
export const MALICIOUS_PAGE_TEXT = 'Nothing outside this page was loaded';

/**
 * A page that tries every way a document can reach a host or a local file: `http://127.0.0.1:<port>/...` by
 * style sheet, @import, font, image, srcset, background, preload, prefetch, preconnect, icon, iframe, object,
 * embed, video poster, meta refresh, link ping and script; `file:///etc/passwd` by image, iframe, object and
 * style sheet. The test listens on the port and expects no connection at all, and no line of /etc/passwd.
 */
export function maliciousPage(port: number): Uint8Array {
  const host = `http://127.0.0.1:${port}`;
  return encoder.encode(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Outside</title>
<meta http-equiv="refresh" content="0; url=${host}/refresh">
<link rel="preconnect" href="${host}/"><link rel="dns-prefetch" href="${host}/">
<link rel="icon" href="${host}/favicon.ico"><link rel="stylesheet" href="${host}/style.css">
<link rel="stylesheet" href="file:///etc/passwd"><link rel="prefetch" href="${host}/prefetch">
<link rel="preload" as="image" href="${host}/preload.png">
<style>
@import url(${host}/import.css);
@font-face { font-family: Remote; src: url(${host}/font.woff2); }
h1 { font-family: Remote, sans-serif; }
body { background: url(${host}/background.png); }
</style>
<script>fetch('${host}/script'); document.write('<p>scripts ran</p>');</script>
</head><body>
<h1>${MALICIOUS_PAGE_TEXT}</h1>
<img src="${host}/image.png" alt=""><img srcset="${host}/srcset.png 2x" alt="">
<img src="file:///etc/passwd" alt=""><iframe src="file:///etc/passwd"></iframe><iframe src="${host}/frame"></iframe>
<object data="file:///etc/passwd"></object><object data="${host}/object"></object><embed src="${host}/embed">
<video poster="${host}/poster.png"></video>
<a href="${host}/link" ping="${host}/ping">link</a>
<iframe srcdoc="<img src='${host}/srcdoc.png'><iframe src='file:///etc/passwd'></iframe>"></iframe>
</body></html>`);
}

/** The colour of the site's image, and the CSS blue of its heading. */
export const SITE_IMAGE_RGB = [220, 30, 40] as const;

/** A solid PNG of SITE_IMAGE_RGB. */
export async function solidPng(width = 64, height = 64): Promise<Buffer> {
  const [r, g, b] = SITE_IMAGE_RGB;
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

/**
 * A site in a ZIP, as people zip a folder: `site/index.html` with its style sheet in `site/css/` and its image in
 * `site/images/`. The style sheet makes the image a 100 x 60 mm block at the top left of the page's content, and the
 * heading blue; a second, unlinked page shows the ZIP's index.html is the one chosen.
 */
export async function siteZip(): Promise<Uint8Array> {
  const files: Zippable = {
    'site/index.html': encoder.encode(`<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="css/style.css"></head>
<body><img id="logo" src="images/logo%20red.png" alt="logo"><h1>Quarterly report: Привет</h1></body></html>`),
    'site/css/style.css': encoder.encode(
      'body { margin: 0; } #logo { display: block; width: 100mm; height: 60mm; } h1 { color: #0000ff; }',
    ),
    'site/images/logo red.png': await solidPng(),
    'site/about.html': encoder.encode('<!doctype html><p>Not this page</p>'),
  };
  return zipSync(files);
}

/** A ZIP whose entry would land outside its folder. */
export function traversalZip(): Uint8Array {
  return zipSync({
    'index.html': encoder.encode('<!doctype html><p>hello</p>'),
    '../../outside.html': encoder.encode('<!doctype html><p>escaped</p>'),
  });
}

/** A ZIP of a page whose entries are marked encrypted (general purpose flag bit 0), as `zip -e` marks them. */
export function encryptedZip(): Uint8Array {
  const zip = zipSync({ 'index.html': encoder.encode('<!doctype html><p>secret</p>') });
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let at = 0; at + 4 <= zip.length; at++) {
    const signature = view.getUint32(at, true);
    if (signature === 0x04034b50) view.setUint16(at + 6, view.getUint16(at + 6, true) | 1, true);
    if (signature === 0x02014b50) view.setUint16(at + 8, view.getUint16(at + 8, true) | 1, true);
  }
  return zip;
}

/** A ZIP of a page and `megabytes` of zeros, which deflate to almost nothing. */
export function zerosZip(megabytes: number): Uint8Array {
  return zipSync({
    'index.html': encoder.encode('<!doctype html><p>zeros</p>'),
    'zeros.bin': new Uint8Array(megabytes * 1024 * 1024),
  });
}

/** A page of `rows` table rows: long enough to keep the printer busy for a while. */
export function longPage(rows: number): Uint8Array {
  const row = '<tr><td>Cell text that wraps</td><td>More cell text</td><td>12345.67</td></tr>';
  return encoder.encode(`<!doctype html><table>${row.repeat(rows)}</table>`);
}
