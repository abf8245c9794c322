// The WhatsApp modal's two modes: New Method (Embedded Signup, the default) and the deprecated Legacy Method.
import { SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import type { SetupProps } from './setup-props';
import { WhatsappLegacy } from './WhatsappLegacy';
import { WhatsappNewMethod } from './WhatsappNewMethod';

export function WhatsappSetup(props: SetupProps) {
  const [mode, setMode] = useState<'new' | 'legacy'>('new');
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Connection method"
        value={mode}
        onChange={(v) => setMode(v === 'legacy' ? 'legacy' : 'new')}
        data={[
          { value: 'new', label: 'New Method' },
          { value: 'legacy', label: 'Legacy Method (Deprecated)' },
        ]}
      />
      {mode === 'new' ? <WhatsappNewMethod {...props} /> : <WhatsappLegacy {...props} />}
    </Stack>
  );
}
