/** "HH:MM" on a 24-hour clock; "24:00" names the end of the day. */
export const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
