// A code pane for a custom tab's HTML or JavaScript (CodeMirror; loaded only when a tab is edited).
import { useComputedColorScheme } from '@mantine/core';
import CodeMirror from '@uiw/react-codemirror';
import { CUSTOM_TAB_EDITOR_HEIGHT_PX } from '@parley/core';

export default function CodePane({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const scheme = useComputedColorScheme('light');
  return (
    <div role="group" aria-label={label} style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 6, overflow: 'hidden' }}>
      <CodeMirror value={value} height={`${CUSTOM_TAB_EDITOR_HEIGHT_PX}px`} theme={scheme === 'dark' ? 'dark' : 'light'} onChange={onChange} basicSetup={{ foldGutter: false }} />
    </div>
  );
}
