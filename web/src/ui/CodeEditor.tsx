// A code field (CodeMirror 6) in a bordered box. Its editable area is named by `label`: CodeMirror's own textbox
// has no name, and the box's group label alone does not name the field a screen reader lands in.
import { useComputedColorScheme } from '@mantine/core';
import CodeMirror, { EditorView, type Extension } from '@uiw/react-codemirror';
import { useMemo } from 'react';

export function CodeEditor({ label, value, onChange, height, extensions = [] }: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  height: string;
  extensions?: readonly Extension[];
}) {
  const scheme = useComputedColorScheme('light');
  const all = useMemo(() => [...extensions, EditorView.contentAttributes.of({ 'aria-label': label })], [extensions, label]);
  return (
    <div role="group" aria-label={label} style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 6, overflow: 'hidden' }}>
      <CodeMirror value={value} height={height} extensions={all} theme={scheme === 'dark' ? 'dark' : 'light'} onChange={onChange} basicSetup={{ foldGutter: false }} />
    </div>
  );
}
