// The custom CSS code editor (CodeMirror 6 with CSS highlighting).
import { css } from '@codemirror/lang-css';
import { CodeEditor } from '../../ui/CodeEditor';

const extensions = [css()];

export function CssCodeEditor({ value, onChange, height = '260px' }: { value: string; onChange: (v: string) => void; height?: string }) {
  return <CodeEditor label="Custom CSS editor" value={value} onChange={onChange} height={height} extensions={extensions} />;
}
