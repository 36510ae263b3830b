import Lock from 'lucide/dist/esm/icons/lock.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { booleanField, newPasswordField } from '../option-fields.js';
import { PASSWORD_MIN_LENGTH } from '../password-rules.js';
import { type ToolEntry, pdfDownload, pdfInput } from '../tool-entry.js';

const permissions = 'Permissions and owner password';

export const protectPdf = {
  functionName: 'protect-pdf',
  title: 'Protect PDF',
  shortDescription: 'Add a password with AES-256 encryption',
  description:
    'Lock a PDF with a password using AES-256 encryption. Optionally set a separate owner password and choose whether people who open the file may print it, copy its text or change it.',
  keywords: ['protect pdf', 'password protect pdf', 'encrypt pdf', 'lock pdf'],
  category: 'security',
  searchKeywords: ['password', 'encrypt', 'lock', 'secure'],
  popular: false,
  inMenu: true,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z.object({
    userPassword: newPasswordField().register(formFields, {
      label: 'Password',
      control: { kind: 'password', autoComplete: 'new-password' },
      hint: `At least ${PASSWORD_MIN_LENGTH} characters.`,
      whenBlank: 'hides-action',
      missingTitle: 'Password required',
      invalidTitles: { password_too_short: 'Password too short' },
      clearedAfterSuccess: true,
    }),
    allowPrinting: booleanField('Allow printing', true).register(formFields, {
      label: 'Allow printing',
      control: { kind: 'checkbox' },
      group: permissions,
    }),
    allowCopying: booleanField('Allow copying', true).register(formFields, {
      label: 'Allow copying text and images',
      control: { kind: 'checkbox' },
      group: permissions,
    }),
    allowEditing: booleanField('Allow editing', true).register(formFields, {
      label: 'Allow editing',
      control: { kind: 'checkbox' },
      group: permissions,
    }),
    ownerPassword: z
      .string()
      .max(256, 'The owner password can be at most 256 characters.')
      .optional()
      .meta({ description: 'Owner password for changing permissions. Default: a random one.' })
      .register(formFields, {
        label: 'Owner password (optional)',
        control: { kind: 'password', autoComplete: 'new-password' },
        hint: 'Needed to change the permissions later. Left empty, a random one is used.',
        group: permissions,
        clearedAfterSuccess: true,
      }),
  }),
  pageOnlyFields: {
    confirmPassword: {
      after: 'userPassword',
      label: 'Confirm password',
      control: { kind: 'password', autoComplete: 'new-password' },
      initial: '',
      whenBlank: 'hides-action',
      confirms: { field: 'userPassword', mismatchTitle: "Passwords don't match", error: 'passwords_do_not_match' },
      clearedAfterSuccess: true,
    },
  },
  formColumns: 2,
  actionLabel: 'Protect PDF',
  busyLabel: 'Protecting PDF...',
  successToast: 'Your PDF has been password protected successfully.',
  errorToast: 'Failed to protect PDF file. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for protection.',
  noFileDescription: 'Please upload a PDF file to protect.',
  download: pdfDownload('protected-document.pdf'),
  icon: Lock,
  apiExample: { userPassword: 'correct-horse-battery', allowCopying: 'false' },
  sampleOptions: { userPassword: 'sweep-password' },
  readsPageContent: false,
} as const satisfies ToolEntry;
