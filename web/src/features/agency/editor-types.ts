// Editors the agency page borrows from the widget settings (composed by the route table: features stay apart).
import type { CustomThemeValue } from '@parley/core';
import type { ComponentType } from 'react';

export type PaletteEditorComponent = ComponentType<{ theme: CustomThemeValue; onChange: (next: CustomThemeValue) => void }>;
export type CssEditorComponent = ComponentType<{ value: string; onChange: (v: string) => void; height?: string }>;
export interface SharedEditors {
  PaletteEditor: PaletteEditorComponent;
  CssEditor: CssEditorComponent;
}
