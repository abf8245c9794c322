// Prompt (simple view) and Canvas (advanced view) of an agent. The route table loads each page on its own
// (PromptPage, CanvasPage), so the Canvas's node editor is downloaded only when the Canvas opens.
export { launchMessageLines, type SaveBarComponent } from './PromptPage';
export { setNodesEnabled, readDraftFlow } from './flow-draft';
