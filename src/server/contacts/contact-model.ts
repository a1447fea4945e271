import { z } from 'zod';
import type { ContactFinancials } from '../../protocol/billing/financials';
import type { Contact } from '../../protocol/documents';
import type { ContactRow } from './contact-tables';
import { readCustomData } from '../custom-data/custom-field-model';
import { readJsonColumn } from '../db/json-column';
import { fromSqlBoolean } from '../db/sql-boolean';

/** The cached billing view is the server's own JSON: checked for its shape only. */
const financialsSchema = z.custom<ContactFinancials>(
  (value) => typeof value === 'object' && value !== null && Array.isArray((value as ContactFinancials).sources),
);

export function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatar: row.avatar,
    is_trusted: fromSqlBoolean(row.is_trusted),
    company: row.company,
    is_blocked: fromSqlBoolean(row.is_blocked),
    version: Number(row.version),
    financials: readJsonColumn(row.financials, financialsSchema, null),
    subscription_status: row.subscription_status,
    subscription_start: row.subscription_start === null ? null : Number(row.subscription_start),
    custom_data: readCustomData(row.custom_data),
  };
}
