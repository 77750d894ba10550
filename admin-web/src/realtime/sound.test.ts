import { CHIME_GAP_MS, createChime, SOUND_URL } from './sound'

describe('the notification sound', () => {
  it('is the WAV of public/sounds, under the app base (/admin/ when built)', () => {
    expect(SOUND_URL).toBe(`${import.meta.env.BASE_URL}sounds/notification.wav`)
  })

  it('chimes at most once per gap, and swallows a refused autoplay', async () => {
    const play = vi.fn(() => Promise.reject(new DOMException('autoplay', 'NotAllowedError')))
    vi.stubGlobal(
      'Audio',
      class {
        play = play
      },
    )
    let now = 1000
    const chime = createChime('/x.wav', () => now)
    chime()
    now += CHIME_GAP_MS - 1
    chime()
    now += 1
    chime()
    expect(play).toHaveBeenCalledTimes(2)
    vi.unstubAllGlobals()
  })
})
