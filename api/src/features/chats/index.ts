/** What other features may use of chats. */
export { toChatMessage } from './chats.service';
export { findUserChat, setChatFeedback } from './chats.repo';
