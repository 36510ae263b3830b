import Signature from 'lucide/dist/esm/icons/signature.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { booleanField, enumField, numberField } from '../option-fields.js';
import { type ToolEntry, pdfDownload, pdfInput } from '../tool-entry.js';

/**
 * The signature image travels as an option (a data URL or plain base64), so it stays under the server's size of
 * one form field: a drawn or typed signature is a few kilobytes, the page scales uploaded images down first.
 */
export const SIGNATURE_IMAGE_MAX_CHARS = 60_000;
/** A .p12/.pfx with its chain is a few kilobytes; this leaves room for long chains. */
export const CERTIFICATE_MAX_CHARS = 40_000;

const digitalSignature = 'Digital signature (optional)';

/** A signature picture on the page, or only a digital signature, which readers list but do not draw. */
export const signatureAppearances = ['picture', 'invisible'] as const;
const withPicture = { field: 'appearance', equals: 'picture' } as const;

/** A 1x1 black PNG: the API example's and the corpus sweep's signature. */
const DOT_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==';

/** An image or certificate sent as base64 text, optionally as a data URL. */
function base64Field(spec: { label: string; maxChars: number; tooLarge: string; description: string }) {
  return z
    .string({ error: `${spec.label} must be base64 text.` })
    .trim()
    .superRefine((value, ctx) => {
      if (value.length > spec.maxChars) {
        ctx.addIssue({ code: 'custom', message: spec.tooLarge, params: { errorCode: 'file_too_large' } });
      } else if (!/^(data:[\w/+.-]+;base64,)?[A-Za-z0-9+/_-]+={0,2}$/.test(value)) {
        ctx.addIssue({ code: 'custom', message: `${spec.label} must be base64 text.` });
      }
    })
    .meta({ description: spec.description });
}

/** A fraction of the visible page's width or height, measured from its top-left corner. */
const fraction = (label: string, fallback: number) => numberField({ label, min: 0, max: 1, default: fallback });

export const signPdf = {
  functionName: 'sign-pdf',
  title: 'Sign PDF',
  shortDescription: 'Draw, type or upload your signature',
  description:
    'Sign a PDF with a signature you draw with the mouse, a pen or your finger, type in a handwriting font or upload as a picture. Place it on the page by dragging, on one page or as initials on every page, with the date if you like. The signature becomes part of the page, so every viewer shows it. With your own certificate (.p12 or .pfx) the file also gets a digital signature that PDF readers can check. A PDF that is already signed keeps its earlier signatures: the new one is added as an update.',
  keywords: ['sign pdf', 'esign pdf', 'add signature to pdf', 'digital signature pdf', 'sign pdf online'],
  category: 'security',
  searchKeywords: ['signature', 'esign', 'initials', 'certificate', 'handwriting'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z
    .object({
      appearance: enumField('Appearance', signatureAppearances, 'picture').register(formFields, {
        label: 'How to sign',
        control: {
          kind: 'radio-cards',
          choices: [
            {
              value: 'picture',
              label: 'Signature picture',
              description: 'Draw, type or upload it and place it on the page; a certificate can sign the file too.',
            },
            {
              value: 'invisible',
              label: 'Digital signature only',
              description:
                'No picture on the page: your certificate signs the file, and PDF readers list the signature.',
            },
          ],
        },
      }),
      signature: base64Field({
        label: 'The signature',
        maxChars: SIGNATURE_IMAGE_MAX_CHARS,
        tooLarge: 'The signature image is too large: use an image of at most 40 KB or draw the signature instead.',
        description:
          'With appearance=picture: the signature as a PNG or JPEG image, base64 or a data: URL, up to 40 KB. White becomes transparent.',
      })
        .optional()
        .register(formFields, {
          label: 'Signature',
          control: { kind: 'text' },
          whenBlank: 'disables-action',
          missingTitle: 'No signature',
          shownWhen: withPicture,
        }),
      page: numberField({ label: 'Page', min: 1, max: 100_000, default: 1, integer: true }).register(formFields, {
        label: 'Page',
        control: { kind: 'number' },
        shownWhen: withPicture,
      }),
      x: fraction('Left edge', 0.55).register(formFields, {
        label: 'Left edge',
        control: { kind: 'number' },
        shownWhen: withPicture,
      }),
      y: fraction('Top edge', 0.8).register(formFields, {
        label: 'Top edge',
        control: { kind: 'number' },
        shownWhen: withPicture,
      }),
      width: fraction('Width', 0.3).register(formFields, {
        label: 'Width',
        control: { kind: 'number' },
        shownWhen: withPicture,
      }),
      height: fraction('Height', 0.1).register(formFields, {
        label: 'Height',
        control: { kind: 'number' },
        shownWhen: withPicture,
      }),
      everyPage: booleanField('Every page', false).register(formFields, {
        label: 'Sign every page (initials)',
        control: { kind: 'checkbox' },
        shownWhen: withPicture,
      }),
      date: z
        .string()
        .trim()
        .max(100, 'The date text can be at most 100 characters.')
        .optional()
        .meta({ description: 'Text written under the signature, such as the date. Default: none.' })
        .register(formFields, { label: 'Date under the signature', control: { kind: 'text' }, shownWhen: withPicture }),
      certificate: base64Field({
        label: 'The certificate',
        maxChars: CERTIFICATE_MAX_CHARS,
        tooLarge: 'The certificate file is too large: export only your certificate, its chain and its key.',
        description:
          'Your certificate with its private key as a .p12/.pfx file in base64: adds a digital signature (PAdES). Needed with appearance=invisible. Default: none.',
      })
        .optional()
        .register(formFields, {
          label: 'Certificate (.p12 or .pfx)',
          control: { kind: 'text' },
          hint: 'Used for this file only and deleted with it.',
          group: digitalSignature,
          clearedAfterSuccess: true,
        }),
      certificatePassword: z
        .string()
        .max(256, 'The certificate password can be at most 256 characters.')
        .optional()
        .meta({ description: "The certificate's password." })
        .register(formFields, {
          label: 'Certificate password',
          control: { kind: 'password', autoComplete: 'current-password' },
          group: digitalSignature,
          clearedAfterSuccess: true,
        }),
    })
    .superRefine((value, ctx) => {
      if (value.appearance === 'picture' && !value.signature) {
        ctx.addIssue({ code: 'custom', path: ['signature'], message: 'Please draw, type or upload your signature.' });
      }
      if (value.appearance === 'invisible' && value.signature) {
        ctx.addIssue({
          code: 'custom',
          path: ['signature'],
          message: 'A digital signature only takes no picture: leave out the signature, or choose appearance=picture.',
        });
      }
      if (value.appearance === 'invisible' && !value.certificate) {
        ctx.addIssue({
          code: 'custom',
          path: ['certificate'],
          message: 'A digital signature only needs your certificate: choose your .p12 or .pfx file and its password.',
        });
      }
    }),
  actionLabel: 'Sign PDF',
  busyLabel: 'Signing PDF...',
  successToast: 'Your PDF has been signed successfully.',
  errorToast: 'Failed to sign PDF. Please try again.',
  invalidTypeDescription: 'Only PDF files can be signed.',
  noFileDescription: 'Please upload a PDF file to sign.',
  download: pdfDownload('signed-document.pdf'),
  icon: Signature,
  apiExample: { signature: `data:image/png;base64,${DOT_PNG}`, page: '1', x: '0.6', y: '0.85' },
  sampleOptions: { signature: DOT_PNG, date: '2026-01-01' },
  readsPageContent: false,
} as const satisfies ToolEntry;
