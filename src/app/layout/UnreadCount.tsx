/** A sidebar link's unread count (§3 per-inbox unread counts); nothing when there are none. */
export function UnreadCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="nav-link__count" title={`${count} unread`}>
      {count > 99 ? '99+' : count}
      <span className="visually-hidden"> unread</span>
    </span>
  );
}
