// The custom CSS code editor (CodeMirror 6 with CSS highlighting).
import { css } from '@codemirror/lang-css';
import CodeMirror from '@uiw/react-codemirror';
import { useComputedColorScheme } from '@mantine/core';

const extensions = [css()];

export function CssCodeEditor({ value, onChange, height = '260px' }: { value: string; onChange: (v: string) => void; height?: string }) {
  const scheme = useComputedColorScheme('light');
  return (
    <div aria-label="Custom CSS editor" role="group" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 6, overflow: 'hidden' }}>
      <CodeMirror value={value} height={height} extensions={extensions} theme={scheme === 'dark' ? 'dark' : 'light'} onChange={onChange} basicSetup={{ foldGutter: false }} />
    </div>
  );
}
