// The Serbian tax id (PIB): nine digits, the last the ISO 7064 MOD 11,10 check digit of the first
// eight (the server checks the same; checked here too so the shopper sees it before sending).
export function validPIB(s: string): boolean {
  if (!/^\d{9}$/.test(s)) return false
  let p = 10
  for (let i = 0; i < 8; i++) {
    let sum = (Number(s[i]) + p) % 10
    if (sum === 0) sum = 10
    p = (2 * sum) % 11
  }
  return (11 - p) % 10 === Number(s[8])
}
