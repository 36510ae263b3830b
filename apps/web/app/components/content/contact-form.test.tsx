import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '~/components/ui/toast';
import { parseContact } from '@paperknife/catalog/contact';
import { loadedTranslator } from '~/i18n/translators';
import { ContactForm, validateContact } from './contact-form';

vi.mock('~/components/ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const valid = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', subject: 'Hi', message: 'Hello' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('validateContact', () => {
  it('accepts a complete message', () => {
    expect(validateContact(valid, loadedTranslator('en'))).toEqual({});
  });

  it('uses the server’s words for missing, too long and invalid values', () => {
    const wrong = { ...valid, firstName: '  ', subject: 'x'.repeat(201), email: 'ada@' };
    expect(validateContact(wrong, loadedTranslator('en'))).toEqual({
      firstName: 'Please enter your first name.',
      subject: 'Your subject can be at most 200 characters.',
      email: 'Please enter a valid email address.',
    });
    const long = { ...valid, message: 'x'.repeat(5001), lastName: '' };
    const server = parseContact(long);
    expect('errors' in server && server.errors).toEqual(validateContact(long, loadedTranslator('en')));
  });
});

async function fillIn(values: Record<string, string>) {
  const labels = {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    subject: 'Subject',
    message: 'Message',
  };
  for (const [name, value] of Object.entries(values)) {
    await userEvent.type(screen.getByLabelText(labels[name as keyof typeof labels]), value);
  }
}

describe('ContactForm', () => {
  it('shows each error by its field and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<ContactForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    const firstName = screen.getByLabelText('First name');
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription('Please enter your first name.');
    expect(firstName).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts JSON to /api/contact, confirms with a toast and clears the form', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify({ ok: true }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    render(<ContactForm />);
    await fillIn(valid);
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Message sent!', expect.anything()));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/contact');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual(valid);
    expect(screen.getByLabelText('First name')).toHaveValue('');
  });

  it('shows the server’s field errors by their field', async () => {
    const body = {
      error: { code: 'invalid_option', message: 'x', fields: { email: 'Please enter a valid email address.' } },
    };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status: 400 })));
    render(<ContactForm />);
    await fillIn(valid);
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address.'),
    );
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says so in an error toast when the server refuses without field errors, and keeps the text', async () => {
    const body = { error: { code: 'rate_limited', message: 'Too many requests. Wait 60 seconds and try again.' } };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status: 429 })));
    render(<ContactForm />);
    await fillIn(valid);
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'Too many requests. Wait 60 seconds and try again.',
      }),
    );
    expect(screen.getByLabelText('Message')).toHaveValue('Hello');
  });

  it('passes the hidden honeypot field only when something filled it', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response('{}', { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const { container } = render(<ContactForm />);
    await fillIn(valid);
    container.querySelector<HTMLInputElement>('input[name="website"]')!.value = 'https://spam.example';
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse((fetchMock.mock.calls[0] as [string, RequestInit])[1].body as string)).toEqual({
      ...valid,
      website: 'https://spam.example',
    });
  });
});
