import { render, screen, waitFor } from '@testing-library/react';
import { toast as sonnerToast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { ToastRegion, toast } from './toast';

vi.mock('sonner', () => ({
  toast: { success: vi.fn(), error: vi.fn() },
  Toaster: ({ containerAriaLabel }: { containerAriaLabel: string }) => (
    <section aria-label={containerAriaLabel}>toaster</section>
  ),
}));

describe('toast', () => {
  it('renders no Toaster until the first toast, then mounts it and passes the toast to sonner', async () => {
    render(<ToastRegion />);
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();

    toast.error('Invalid file type', { description: 'Please choose a PDF.' });
    toast.success('Success!');

    expect(await screen.findByRole('region', { name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() =>
      expect(sonnerToast.error).toHaveBeenCalledWith('Invalid file type', { description: 'Please choose a PDF.' }),
    );
    expect(sonnerToast.success).toHaveBeenCalledWith('Success!', undefined);
  });
});
