import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ToolOptions } from '~/features/tools/components/tool-options';
import { OrganizeEditor } from '~/features/tools/page-view/organize-editor';

/** The editor wired to a text field, as the tool page wires it: the field's text is the one source. */
function Harness({ pageCount, initial = '' }: { pageCount: number; initial?: string }) {
  const [order, setOrder] = useState(initial);
  return (
    <>
      <label>
        Order
        <input value={order} onChange={(event) => setOrder(event.target.value)} />
      </label>
      <OrganizeEditor pageCount={pageCount} order={order} onOrderChange={setOrder} />
    </>
  );
}

const field = () => screen.getByRole('textbox', { name: 'Order' });
const list = () => screen.getByRole('listbox', { name: 'Pages of the new PDF, in order' });
const tiles = () => within(list()).getAllByRole('option');
const labels = () => tiles().map((tile) => tile.getAttribute('aria-label'));
const announced = () => screen.getByTestId('organize-announcement').textContent;
const press = (key: string, options: Partial<KeyboardEventInit> = {}) => fireEvent.keyDown(list(), { key, ...options });

describe('Organize PDF editor', () => {
  it('starts from every page in order and fills the blank field', () => {
    render(<Harness pageCount={4} />);
    expect(field()).toHaveValue('1-4');
    expect(labels()).toEqual(['Page 1, position 1', 'Page 2, position 2', 'Page 3, position 3', 'Page 4, position 4']);
    expect(tiles()[0]).toHaveAttribute('aria-selected', 'true');
  });

  it('replaces an order that does not fit this PDF (left from another file) with every page', () => {
    render(<Harness pageCount={3} initial="5,1-4,6" />);
    expect(field()).toHaveValue('1-3');
    expect(tiles()).toHaveLength(3);
  });

  it('moves pages by keyboard, announcing each move, and writes the order', () => {
    render(<Harness pageCount={4} />);
    press('End');
    press('ArrowLeft');
    press('ArrowLeft', { altKey: true });
    expect(announced()).toBe('Page 3 moved to position 2 of 4.');
    press('ArrowLeft', { ctrlKey: true });
    expect(announced()).toBe('Page 3 moved to position 1 of 4.');
    expect(field()).toHaveValue('3,1-2,4');
    expect(tiles()[0]).toHaveAttribute('aria-selected', 'true');
    expect(list()).toHaveAttribute('aria-activedescendant', tiles()[0]!.id);
  });

  it('turns, copies, removes and inserts blank pages, with undo and redo', async () => {
    const user = userEvent.setup();
    render(<Harness pageCount={5} />);
    await user.click(tiles()[3]!);
    await user.click(screen.getByRole('button', { name: 'Rotate right' }));
    expect(field()).toHaveValue('1-3,4r90,5');
    expect(announced()).toBe('Page 4 at position 4 turned 90° clockwise.');
    await user.click(screen.getByRole('button', { name: 'Insert blank page' }));
    expect(field()).toHaveValue('1-3,4r90,blank,5');
    press('Home');
    press('d');
    expect(field()).toHaveValue('1,1-3,4r90,blank,5');
    expect(announced()).toBe('Page 1 copied to position 2.');
    press('ArrowRight');
    press('Delete');
    expect(field()).toHaveValue('1,1,3,4r90,blank,5');
    expect(announced()).toBe('Page 2 removed from position 3.');
    press('R', { shiftKey: true });
    expect(field()).toHaveValue('1,1,3r270,4r90,blank,5');

    press('z', { ctrlKey: true });
    expect(field()).toHaveValue('1,1,3,4r90,blank,5');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(field()).toHaveValue('1,1-3,4r90,blank,5');
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(field()).toHaveValue('1,1,3,4r90,blank,5');
    press('y', { ctrlKey: true });
    expect(field()).toHaveValue('1,1,3r270,4r90,blank,5');
    expect(screen.getByRole('button', { name: 'Redo' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(field()).toHaveValue('1-5');
  });

  it('keeps at least one page of the PDF', () => {
    render(<Harness pageCount={1} initial="1,blank" />);
    press('Delete');
    expect(field()).toHaveValue('1,blank');
    expect(announced()).toBe('Keep at least one page of the PDF.');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    press('ArrowRight');
    press('Delete');
    expect(field()).toHaveValue('1');
  });

  it('redraws the tiles from typed text, and keeps them while the text does not read', async () => {
    const user = userEvent.setup();
    render(<Harness pageCount={4} />);
    await user.clear(field());
    await user.type(field(), '4,blank,2r180');
    expect(labels()).toEqual(['Page 4, position 1', 'Blank page, position 2', 'Page 2, turned 180°, position 3']);
    await user.type(field(), ',9');
    expect(labels()).toHaveLength(3);
    await user.type(field(), '{Backspace}3');
    expect(labels()).toEqual([
      'Page 4, position 1',
      'Blank page, position 2',
      'Page 2, turned 180°, position 3',
      'Page 3, position 4',
    ]);
  });

  it('reorders by drag and drop', () => {
    render(<Harness pageCount={3} />);
    const dataTransfer = { setData: vi.fn(), effectAllowed: '' };
    act(() => {
      fireEvent.dragStart(tiles()[2]!, { dataTransfer });
    });
    fireEvent.dragOver(tiles()[0]!, { dataTransfer });
    fireEvent.drop(tiles()[0]!, { dataTransfer });
    expect(field()).toHaveValue('3,1-2');
    expect(announced()).toBe('Page 3 moved to position 1 of 3.');
  });

  it('draws only the tiles near the view for a long file, and keeps the active one drawn wherever it goes', () => {
    render(<Harness pageCount={1000} />);
    expect(field()).toHaveValue('1-1000');
    const drawn = tiles();
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.length).toBeLessThan(100);
    expect(drawn[0]).toHaveAttribute('aria-setsize', '1000');
    press('End');
    const last = screen.getByRole('option', { name: 'Page 1000, position 1000' });
    expect(list()).toHaveAttribute('aria-activedescendant', last.id);
    expect(last).toHaveAttribute('aria-selected', 'true');
    press('ArrowLeft', { altKey: true });
    expect(announced()).toBe('Page 1000 moved to position 999 of 1000.');
    expect(field()).toHaveValue('1-998,1000,999');
    expect(list()).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Page 1000, position 999' }).id,
    );
    expect(tiles().length).toBeLessThan(100);
  });

  it('is the tool page’s options panel: the typed field before a file is dropped', async () => {
    const onChange = vi.fn();
    render(<ToolOptions id="organize-pdf" values={{ order: '' }} onChange={onChange} />);
    // The panel is a lazy chunk, loaded with the form (decision 074).
    const order = await screen.findByRole('textbox', { name: 'New page order' });
    expect(order).toHaveAttribute('placeholder', '3,1-2,4r90,blank,5-');
    fireEvent.change(order, { target: { value: '2,1' } });
    expect(onChange).toHaveBeenCalledWith('order', '2,1');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
