/** The drizzle schema of every table; migrations in apps/server/drizzle are generated from it. */
export * from './users.js';
export * from './files.js';
export * from './system.js';
export * from './code-artifact.js';
export * from './project.js';
export * from './label.js';
export * from './reference.js';
export * from './canvas.js';
export * from './document.js';
export * from './collab.js';
export * from './provider.js';
export * from './action.js';
export * from './resource.js';
