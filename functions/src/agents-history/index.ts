// Agent history feature: Version History backups and template export (callables).
export { saveAgentBackup } from './save-agent-backup';
export { exportAgentToJson } from './export-agent-to-json';
