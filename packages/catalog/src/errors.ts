import { PASSWORD_MIN_LENGTH } from './password-rules.js';

/**
 * The error codes every part of PaperKnife speaks: the engine throws them, the server maps them to HTTP
 * statuses, the website shows their messages and the API docs list them. One table, no copies.
 */
export const errorCodes = {
  invalid_option: { status: 400, message: 'One of the options is not valid. Check the values and try again.' },
  invalid_page_range: {
    status: 400,
    message: 'The page range is not valid. Use page numbers and ranges such as 1-3,5,7-9.',
  },
  page_out_of_range: { status: 400, message: 'A page in the range does not exist in this PDF.' },
  no_pages_left: { status: 400, message: 'You cannot delete every page: keep at least one page.' },
  missing_file: { status: 400, message: 'No file was uploaded. Add a file and try again.' },
  not_enough_files: { status: 400, message: 'Please upload at least 2 PDF files to merge.' },
  too_many_files: { status: 400, message: 'Too many files in one request. Send fewer files at a time.' },
  password_required: { status: 400, message: 'Please enter a password.' },
  password_too_short: { status: 400, message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.` },
  passwords_do_not_match: { status: 400, message: 'Please make sure both password fields match.' },
  file_too_large: { status: 413, message: 'This file is larger than the size limit. Upload a smaller file.' },
  too_many_pages: { status: 413, message: 'This PDF has more pages than the limit. Split it first.' },
  unsupported_file_type: {
    status: 415,
    message: 'This file type is not supported by this tool. Check that the file really is what its name says.',
  },
  encrypted_pdf: { status: 422, message: 'This PDF is password-protected: unlock it first with Unlock PDF.' },
  encrypted_document: {
    status: 422,
    message:
      'This file is password-protected: open it in the program that made it, remove the password, save it and try again.',
  },
  wrong_password: { status: 422, message: 'The password is not correct. Check it and try again.' },
  invalid_certificate: {
    status: 422,
    message:
      'The certificate could not be read. Export your certificate with its private key as a .p12 or .pfx file and try again.',
  },
  no_images: {
    status: 422,
    message:
      'This PDF contains no images to extract. If its pages are scans or drawings, use PDF to JPG to save each page as a picture.',
  },
  damaged_images: {
    status: 422,
    message:
      'The images in this PDF are damaged and could not be read, so none could be extracted. PDF to JPG saves each page as a PDF viewer shows it.',
  },
  image_too_large: {
    status: 413,
    message: 'An image has more pixels than we can convert. Scale it down in an image editor and try again.',
  },
  damaged_image: {
    status: 422,
    message: 'An image is damaged or in a form we cannot read. Open it in an image editor, save it again and retry.',
  },
  damaged_document: {
    status: 422,
    message:
      'This file is damaged or in a form we cannot open. Open it in the program that made it, save it again and try again.',
  },
  damaged_pdf: {
    status: 422,
    message: 'This PDF is damaged and could not be repaired. Try exporting it again from the program that made it.',
  },
  no_form_fields: {
    status: 422,
    message: 'This PDF has no form fields to fill. Use a PDF with fillable fields, such as one made in a form editor.',
  },
  xfa_form: {
    status: 422,
    message:
      'This form is an XFA form, which only Adobe Reader can fill. Open it in Adobe Reader and print it to PDF, or ask its author for a standard PDF form.',
  },
  invalid_field_value: { status: 400, message: 'A value does not fit its form field. Check the values and try again.' },
  rate_limited: { status: 429, message: 'Too many requests. Wait a moment and try again.' },
  busy: { status: 503, message: 'The server is busy right now. Try again in a few seconds.' },
  processing_timeout: {
    status: 503,
    message: 'Processing took too long and was stopped. Try a smaller file or fewer pages.',
  },
  internal_error: { status: 500, message: 'Something went wrong on our side. Please try again.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCodes;

export const errorCodeList = Object.keys(errorCodes) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCodes, value);
}

export function statusOf(code: ErrorCode): number {
  return errorCodes[code].status;
}

/** An error a person can act on. `message` is shown to users as is, so it must never hold internals. */
export class ToolError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string = errorCodes[code].message, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ToolError';
    this.code = code;
  }

  get status(): number {
    return statusOf(this.code);
  }
}

/** The JSON body of every API error response. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string };
}

export function errorBody(code: ErrorCode, message: string = errorCodes[code].message): ErrorBody {
  return { error: { code, message } };
}
