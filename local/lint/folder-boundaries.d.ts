// Types of the plain-JavaScript rule (eslint.config.js loads the .js without a build step).
import type { ESLint, Rule } from 'eslint';

export declare const folderBoundaries: Rule.RuleModule;
declare const plugin: ESLint.Plugin & { rules: { 'folder-boundaries': Rule.RuleModule } };
export default plugin;
