/** The system account that owns the built-in templates (server: SYSTEM_TEMPLATE_UID). */
export const SYSTEM_AUTHOR_UID = 'u-atelier-templates';
