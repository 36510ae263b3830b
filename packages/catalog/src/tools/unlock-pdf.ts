import LockOpen from 'lucide/dist/esm/icons/lock-open.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { type ToolEntry, pdfDownload, pdfInput } from '../tool-entry.js';

export const unlockPdf = {
  functionName: 'unlock-pdf',
  title: 'Unlock PDF',
  shortDescription: 'Remove the password from a PDF you can open',
  description:
    'Remove the password and the restrictions from a PDF you are allowed to open. Enter its password (the open password or the owner password); a PDF that opens without a password but blocks printing or copying unlocks with the field left empty.',
  keywords: ['unlock pdf', 'remove pdf password', 'decrypt pdf', 'pdf password remover'],
  category: 'security',
  searchKeywords: ['password', 'decrypt', 'remove password', 'unprotect'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z.object({
    password: z
      .string()
      .max(256, 'The password can be at most 256 characters.')
      .optional()
      .meta({ description: 'The open or owner password. Leave out for PDFs that only carry restrictions.' })
      .register(formFields, {
        label: 'Password',
        control: { kind: 'password', autoComplete: 'current-password' },
        hint: 'The password that opens the PDF, or its owner password. Leave empty if the PDF opens without one and only blocks printing or copying.',
        clearedAfterSuccess: true,
      }),
  }),
  actionLabel: 'Unlock PDF',
  busyLabel: 'Unlocking PDF...',
  successToast: 'Your PDF has been unlocked successfully.',
  errorToast: 'Failed to unlock PDF file. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for unlocking.',
  noFileDescription: 'Please upload a PDF file to unlock.',
  download: pdfDownload('unlocked-document.pdf'),
  icon: LockOpen,
  apiExample: { password: 'correct-horse-battery' },
  // The corpus sweep adds each encrypted file's own password.
  sampleOptions: {},
  readsPageContent: false,
} as const satisfies ToolEntry;
