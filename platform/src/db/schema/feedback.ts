import type { Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/* Member feedback and the operator's inbox (migration 0053, docs/0111). */

/** One feedback: the member's question type and content, and where its thread stands. */
export interface FeedbackTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  question_type: 'deposit' | 'withdraw' | 'game' | 'service' | 'apply' | 'other';
  content: string;
  state: 'open' | 'replied' | 'closed';
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  closed_by: number | null;
  closed_at: Timestamp | null;
}
/** A message of a feedback's thread after its content: an operator's reply (operator_id) or the member's follow-up (null). */
export interface FeedbackMessagesTable {
  id: Generated<number>;
  feedback_id: number;
  operator_id: number | null;
  body: string;
  created_at: Generated<Date>;
}
/** An image of a feedback; a draft (feedback_id null) until the feedback is sent. */
export interface FeedbackImagesTable {
  id: string;
  merchant_id: number;
  member_id: number;
  feedback_id: number | null;
  content_type: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  size_bytes: number;
  bytes: Uint8Array;
  created_at: Generated<Date>;
}

/** The feedback tables, by name (db/schema.ts composes them into DB). */
export interface FeedbackTables {
  feedback: FeedbackTable;
  feedback_messages: FeedbackMessagesTable;
  feedback_images: FeedbackImagesTable;
}
