/** Small flat icons of the features section (decorative). */
const common = { width: 40, height: 40, viewBox: '0 0 40 40', 'aria-hidden': true, focusable: false } as const;

export function MatchIcon() {
  return (
    <svg {...common}>
      <circle cx="20" cy="20" r="20" fill="#ffe3d4" />
      <circle cx="14" cy="16" r="5" fill="#ff7a45" />
      <circle cx="26" cy="16" r="5" fill="#ffb38f" />
      <path d="M6 31c1-6 4-9 8-9s7 3 8 9zM18 31c1-6 4-9 8-9s7 3 8 9z" fill="#ff7a45" opacity=".85" />
    </svg>
  );
}

export function CalendarIcon() {
  return (
    <svg {...common}>
      <circle cx="20" cy="20" r="20" fill="#ffe3d4" />
      <rect x="9" y="11" width="22" height="19" rx="3" fill="#fff" stroke="#ff7a45" strokeWidth="2" />
      <path d="M9 17h22" stroke="#ff7a45" strokeWidth="2" />
      <path d="M14 8v6M26 8v6" stroke="#d9531e" strokeWidth="2.4" strokeLinecap="round" />
      <circle cx="20" cy="23.5" r="3" fill="#ff7a45" />
    </svg>
  );
}

export function ChatIcon() {
  return (
    <svg {...common}>
      <circle cx="20" cy="20" r="20" fill="#ffe3d4" />
      <path d="M9 12h18a3 3 0 0 1 3 3v9a3 3 0 0 1-3 3H17l-6 5v-5H9a3 3 0 0 1-3-3v-9a3 3 0 0 1 3-3z" fill="#ff7a45" />
      <circle cx="13" cy="19.5" r="1.8" fill="#fff" />
      <circle cx="18" cy="19.5" r="1.8" fill="#fff" />
      <circle cx="23" cy="19.5" r="1.8" fill="#fff" />
    </svg>
  );
}
