// A banner as the product and category pages show it: its picture (the mobile one on a phone),
// opening its link when it has one (another site in the same tab, a shop path by the router).
import { Link } from 'react-router'
import type { Banner } from '../api/contract'

export function PositionBanner({ banner: b, className, testId }: { banner: Banner; className: string; testId: string }) {
  const img = (
    <picture>
      {b.mobile_image_url && <source media="(max-width: 699px)" srcSet={b.mobile_image_url} />}
      <img src={b.image_url} alt={b.name} width={1240} height={240} loading="lazy" />
    </picture>
  )
  return (
    <div className={className} data-testid={testId}>
      {b.link ? (
        /^https?:\/\//.test(b.link) ? (
          <a href={b.link} rel="noopener">
            {img}
          </a>
        ) : (
          <Link to={b.link}>{img}</Link>
        )
      ) : (
        img
      )}
    </div>
  )
}
