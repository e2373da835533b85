const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const pad = (value: number): string => String(value).padStart(2, '0');

/** The `<system-reminder>` with the local date and time that precedes each user message in history. */
export function dateReminder(now: Date = new Date()): string {
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
  return `<system-reminder>\nCurrent Date/Time: ${date} ${time} (${WEEKDAYS[now.getDay()]})\n</system-reminder>\n`;
}
