import type { Generated } from 'kysely';

/** migrations/0057_chat_room.sql (docs/0117). */
export interface ChatMessagesTable {
  /** bigserial: read back as a string on PostgreSQL, a number on PGlite; the service converts. */
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  text: string;
  created_at: Date;
  deleted_at: Date | null;
  deleted_by: number | null;
  delete_reason: string | null;
}
export interface ChatRoomsTable {
  merchant_id: number;
  open: boolean;
  reason: string;
  operator_id: number | null;
  set_at: Date;
}
export interface ChatMutesTable {
  member_id: number;
  merchant_id: number;
  until: Date;
  reason: string;
  operator_id: number | null;
  set_at: Date;
}
export interface ChatTables {
  chat_messages: ChatMessagesTable;
  chat_rooms: ChatRoomsTable;
  chat_mutes: ChatMutesTable;
}
