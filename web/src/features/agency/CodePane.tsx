// A code pane for a custom tab's HTML or JavaScript (CodeMirror; loaded only when a tab is edited).
import { CUSTOM_TAB_EDITOR_HEIGHT_PX } from '@parley/core';
import { CodeEditor } from '../../ui/CodeEditor';

export default function CodePane({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return <CodeEditor label={label} value={value} onChange={onChange} height={`${CUSTOM_TAB_EDITOR_HEIGHT_PX}px`} />;
}
