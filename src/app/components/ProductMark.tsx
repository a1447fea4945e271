/** The product mark: the app icon's tray on the accent square (public/icons/icon.svg). */
export function ProductMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="product-mark-fill" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6e6ee6" />
          <stop offset="1" stopColor="#4a4ac2" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#product-mark-fill)" />
      <path
        d="M8 17h4.2l1.3 2.2h5l1.3-2.2H24M10.4 9.5h11.2L24 17v4.8a1.2 1.2 0 0 1-1.2 1.2H9.2A1.2 1.2 0 0 1 8 21.8V17z"
        fill="none"
        stroke="#fff"
        strokeWidth="1.9"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
