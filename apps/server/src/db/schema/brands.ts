import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const brands = pgTable('brands', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description').notNull().default(''),
  logoUrl: text('logo_url').notNull().default(''),
  website: text('website').notNull().default(''),
  createdAt: createdAt(),
});
