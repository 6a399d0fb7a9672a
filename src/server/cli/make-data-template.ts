/**
 * Run by scripts/build.mjs: makes dist/data-template, the migrated database a new DATA_DIR starts
 * from (platform/db/data-template.ts).
 */
import { buildDataTemplate } from '../platform/db/data-template';
import { dataTemplateDir } from '../platform/paths';

await buildDataTemplate(dataTemplateDir);
