import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AllowedDomainsField } from './AllowedDomainsField';

function Harness({ onChange }: { onChange: (domains: string[]) => void }) {
  const [domains, setDomains] = useState<string[]>(['shop.example']);
  return (
    <MantineProvider>
      <AllowedDomainsField
        value={domains}
        onChange={(next) => {
          setDomains(next);
          onChange(next);
        }}
      />
    </MantineProvider>
  );
}

/** Pastes into the field (the way an address usually arrives). */
const paste = (text: string) => fireEvent.paste(screen.getByRole('combobox'), { clipboardData: { getData: () => text } });

describe('Allowed domains', () => {
  it('adds a pasted address as its domain', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    paste('https://EU.Brand.example/shop?x=1, *.Other.example');
    expect(onChange).toHaveBeenLastCalledWith(['shop.example', 'eu.brand.example', '*.other.example']);
  });

  it('keeps out what is not a domain and says why', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    paste('bad_domain!');
    expect(screen.getByText('bad_domain!: Enter a domain such as example.com or *.example.com.')).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith(['shop.example']);
  });
});
