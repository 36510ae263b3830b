import { type FormControl, formControls, selectChoices, sliderRange } from '@paperknife/catalog/option-form';
import { type ToolId, toolIds, tools } from '@paperknife/catalog/tools';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type FormValues, initialFormValues, shownControls } from '~/features/tools/utils/tool-form';
import { ToolIcon } from './tool-icon';
import { ToolOptions } from './tool-options';

function renderOptions(id: ToolId, values: FormValues = initialFormValues(id)) {
  const onChange = vi.fn();
  const { container } = render(<ToolOptions id={id} values={values} onChange={onChange} />);
  return { onChange, container };
}

/** The element a control draws, found by its accessible name and role. */
function drawn(control: FormControl): HTMLElement {
  const { label, control: kind } = control.meta;
  switch (kind.kind) {
    case 'checkboxes':
    case 'radio-cards':
      return screen.getByRole('group', { name: label });
    case 'select':
      return screen.getByRole('combobox', { name: label });
    case 'slider':
      return screen.getByRole('slider', { name: label });
    case 'checkbox':
      return screen.getByRole('checkbox', { name: label });
    case 'number':
      return screen.getByRole('spinbutton', { name: label });
    case 'password':
      return screen.getByLabelText(label, { selector: 'input[type="password"]' });
    default:
      return screen.getByRole('textbox', { name: label });
  }
}

describe('ToolOptions', () => {
  it.each(toolIds)('%s: draws each shown control from its form metadata with its starting value', async (id) => {
    renderOptions(id);
    const values = initialFormValues(id);
    for (const control of shownControls(id, values)) {
      // A tool's own panel (organize's) is a lazy chunk: it shows once loaded.
      const element = await waitFor(() => drawn(control));
      const value = values[control.name];
      if (control.meta.control.kind === 'checkbox') expect((element as HTMLInputElement).checked).toBe(value === true);
      else if (typeof value !== 'string') throw new Error(`${control.name} should start as text`);
      else if (control.meta.control.kind === 'checkboxes') {
        const { joiner } = control.meta.control;
        const checked = within(element)
          .getAllByRole('checkbox')
          .filter((box) => (box as HTMLInputElement).checked)
          .map((box) => (box as HTMLInputElement).value);
        expect(checked.join(joiner)).toBe(value);
      } else if (control.meta.control.kind === 'radio-cards') {
        expect(within(element).getByRole('radio', { checked: true })).toHaveAttribute('value', value);
      } else expect(element).toHaveValue(control.meta.control.kind === 'number' ? Number(value) : value);
      if (control.meta.hint) expect(screen.getByText(control.meta.hint)).toBeInTheDocument();
    }
  });

  it('renders nothing for a tool without options', () => {
    const { container } = renderOptions('merge-pdf');
    expect(container).toBeEmptyDOMElement();
  });

  it('shows a control only while the one it depends on has its value', () => {
    renderOptions('split-pdf');
    expect(screen.queryByRole('textbox', { name: 'Ranges' })).not.toBeInTheDocument();
    renderOptions('split-pdf', { ...initialFormValues('split-pdf'), mode: 'ranges' });
    expect(screen.getByRole('textbox', { name: 'Ranges' })).toHaveAttribute('placeholder', '1-3,4-6,7-');
  });

  it('gives sliders the page’s bounds, step and unit', () => {
    renderOptions('watermark-pdf');
    const opacity = screen.getByRole('slider', { name: 'Opacity' });
    expect(opacity).toHaveAttribute('min', '10');
    expect(opacity).toHaveAttribute('max', '100');
    expect(opacity).toHaveAttribute('step', '5');
    expect(opacity).toHaveAttribute('aria-valuetext', '50%');
    const rotation = formControls('watermark-pdf').find((control) => control.name === 'rotation')!;
    expect(sliderRange(rotation)).toEqual({ min: -90, max: 90, step: 15 });
  });

  it('labels an enum’s choices in words', () => {
    renderOptions('page-numbers');
    const position = screen.getByRole('combobox', { name: 'Position' });
    const labels = within(position)
      .getAllByRole('option')
      .map((option) => option.textContent);
    const control = formControls('page-numbers').find((entry) => entry.name === 'position')!;
    expect(labels).toEqual(selectChoices(control).map((choice) => choice.label));
    expect(labels[0]).toBe('Bottom Center');
  });

  it('puts grouped controls in a collapsed section named by the group', () => {
    renderOptions('protect-pdf');
    const summary = screen.getByText('Permissions and owner password');
    const section = summary.closest('details')!;
    expect(section).not.toHaveAttribute('open');
    expect(within(section).getByRole('checkbox', { name: 'Allow printing' })).toBeInTheDocument();
    expect(within(section).getByLabelText('Owner password (optional)')).toBeInTheDocument();
  });

  it('reports changes by field name, booleans for checkboxes', () => {
    const { onChange } = renderOptions('protect-pdf');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Allow editing' }));
    expect(onChange).toHaveBeenCalledWith('allowEditing', false);
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret1' } });
    expect(onChange).toHaveBeenCalledWith('confirmPassword', 'secret1');
  });
});

describe('ToolIcon', () => {
  it.each(toolIds)('%s: draws the catalogue’s icon data as a hidden 24x24 SVG', (id) => {
    const { container } = render(<ToolIcon id={id} className="size-5" />);
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('viewBox', '0 0 24 24');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg.children).toHaveLength(tools[id].icon.length);
  });
});
