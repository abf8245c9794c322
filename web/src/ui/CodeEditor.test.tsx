// A code field's editable area carries the field's name, as its surrounding group does.
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CodeEditor } from './CodeEditor';

describe('CodeEditor', () => {
  it('names the textbox a screen reader lands in by its label', async () => {
    render(
      <MantineProvider env="test">
        <CodeEditor label="HTML code" value="<p>hi</p>" onChange={() => undefined} height="120px" />
      </MantineProvider>,
    );
    expect(screen.getByRole('group', { name: 'HTML code' })).toBeTruthy();
    const field = await screen.findByRole('textbox', { name: 'HTML code' });
    expect(field.textContent).toContain('<p>hi</p>');
  });
});
